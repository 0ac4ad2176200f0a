// Building the page's DOM without HTML parsing: every text, from the server and from git too,
// goes in as a text node or an attribute value.

export type Child = Node | string | null | undefined | false;

export interface ElementProps {
  class?: string;
  id?: string;
  text?: string;
  for?: string;
  type?: string;
  disabled?: boolean;
  attrs?: Record<string, string | null | undefined>;
  on?: Record<string, EventListener>;
}

export function el(tag: string, props?: ElementProps, children?: Child[]): HTMLElement {
  const node = document.createElement(tag);
  const p = props || {};
  if (p.class) node.className = p.class;
  if (p.id) node.id = p.id;
  if (p.text !== undefined) node.textContent = String(p.text);
  if (p.for) node.setAttribute('for', p.for);
  if (p.type) node.setAttribute('type', p.type);
  if (p.disabled) node.setAttribute('disabled', '');
  if (p.attrs) {
    for (const [name, value] of Object.entries(p.attrs)) {
      if (value !== undefined && value !== null) node.setAttribute(name, String(value));
    }
  }
  if (p.on) for (const [event, fn] of Object.entries(p.on)) node.addEventListener(event, fn);
  for (const child of children || []) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return node;
}

/**
 * Puts `children` in `node` in place of what it held, leaving the absent ones out as el() does:
 * replaceChildren itself would show a `null` as the word "null".
 */
export function replaceContent(node: HTMLElement, children: Child[]): void {
  node.replaceChildren(
    ...children.filter((child): child is Node | string => child !== null && child !== undefined && child !== false),
  );
}
