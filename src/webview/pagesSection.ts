// The static pages section: whether new branches and tags get pages, and a switch for each ref.
import type { NewRefsKind, PanelState } from '../model/settingsPanel/protocol';
import { button, clicked, switchControl } from './controls';
import { el } from './dom';
import { send } from './vscodeApi';
import { fmt, onOff, t, when } from './words';

function newRefsRow(s: PanelState, which: NewRefsKind, label: string): HTMLElement {
  const value = s.newRefs[which];
  const busy = s.newRefs.changing.includes(which) || clicked.has(`new-${which}`);
  const id = `new-${which}`;
  return el('div', { class: 'row' }, [
    switchControl({
      id,
      value,
      disabled: !!s.notice,
      busy,
      focusKey: id,
      labelId: `${id}-label`,
      describedBy: `${id}-state`,
      onToggle: (wanted) => send('setPagesForNewRefs', { which, enabled: wanted }),
    }),
    el('label', { id: `${id}-label`, for: id, text: label }),
    el('span', {
      id: `${id}-state`,
      class: `state ${busy ? 'busy' : ''}`,
      text: busy ? t.changing : onOff(value, t.on, t.off),
    }),
  ]);
}

export function renderPages(s: PanelState): HTMLElement {
  const nr = s.newRefs;
  let learned: string;
  if (nr.learnedAt === null) learned = t.newRefsNeverLearned;
  else if (nr.fresh) learned = fmt(t.newRefsAnswered, when(nr.learnedAt));
  else learned = fmt(t.newRefsLastKnown, when(nr.learnedAt));
  // The ref's name sits inside the sentence that names its switch, where the language puts it.
  const [publishBefore, publishAfter] = t.publishPagesFor.split('{0}');

  const rows = s.refs.rows.map((r, i) => {
    const id = `ref-${i}`;
    const focusKey = `ref:${r.refId}`;
    const busy = r.busy !== null || clicked.has(focusKey);
    const stateText =
      r.busy === 'loading' ? t.loading : busy ? t.changing : onOff(r.enabled, t.published, t.notPublished);
    return el('li', { class: 'row ref', attrs: { 'data-ref': r.refId } }, [
      switchControl({
        id,
        value: r.enabled,
        disabled: !!s.notice,
        busy,
        focusKey,
        labelId: `${id}-label`,
        describedBy: r.error ? `${id}-state ${id}-error` : `${id}-state`,
        onToggle: (wanted) => send('setPagesForRef', { refId: r.refId, enabled: wanted }),
      }),
      el('label', { id: `${id}-label`, for: id, attrs: { title: r.refId } }, [
        publishBefore ? el('span', { class: 'visually-hidden', text: publishBefore }) : null,
        el('span', { class: 'ref-name', text: r.name }),
        publishAfter ? el('span', { class: 'visually-hidden', text: publishAfter }) : null,
        r.isDefault ? el('span', { class: 'badge', text: t.defaultBranch }) : null,
        el('span', { class: 'muted kind', text: r.kind === 'tag' ? t.kindTag : t.kindBranch }),
      ]),
      el('span', { id: `${id}-state`, class: `state ${busy ? 'busy' : ''}`, text: stateText }),
      r.error ? el('span', { id: `${id}-error`, class: 'error-text', text: r.error }) : null,
    ]);
  });

  const sourceNote = s.refs.source === 'git' ? t.refsFromClone : t.refsWithoutClone;

  return el('section', { class: 'card', attrs: { 'aria-labelledby': 'pages-title' } }, [
    el('h2', { id: 'pages-title', text: t.staticPages }),
    el('fieldset', {}, [
      el('legend', { text: t.newRefs }),
      newRefsRow(s, 'branches', t.publishNewBranches),
      newRefsRow(s, 'tags', t.publishNewTags),
      el('p', { class: 'muted', text: learned }),
    ]),
    el('h3', { id: 'refs-title', text: t.refs }),
    el('p', { class: 'muted', text: sourceNote }),
    rows.length > 0
      ? el('ul', { class: 'refs', attrs: { 'aria-labelledby': 'refs-title' } }, rows)
      : el('p', { class: 'muted', text: t.noRefsYet }),
    el('div', { class: 'actions' }, [
      s.refs.more > 0
        ? button(fmt(t.showMore, Math.min(s.refs.more, 25), s.refs.more), 'more', () => send('showMoreRefs'), {
            secondary: true,
          })
        : null,
      button(t.addRef, 'addref', () => send('addRef'), { secondary: true, disabled: !!s.notice }),
    ]),
  ]);
}
