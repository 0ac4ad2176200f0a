// Which wire carries an account's requests in the editor. VS Code's network stack (the node wire)
// whenever it can serve: it knows PAC files, the OS proxy settings and Kerberos, which the
// extension cannot see. The bundled undici only where VS Code's patch does not apply or would
// drop what the user configured.
import type { WireKind } from './wire';

export type WireReason =
  /** VS Code's patch applies (http.proxySupport override, fallback or on). */
  | 'editor'
  /** http.proxySupport is off: VS Code leaves extensions' requests alone. */
  | 'proxy-support-off'
  /** http.proxyAuthorization is set, and VS Code's patch never sends it. */
  | 'proxy-authorization'
  /**
   * NODE_TLS_REJECT_UNAUTHORIZED=0 is in the environment: VS Code's proxy agent connects to an
   * https:// proxy with Node's default, which that variable turns off. The extension's own client
   * verifies every connection whatever the environment says.
   */
  | 'verification-off-in-environment';

export interface WireChoice {
  kind: WireKind;
  reason: WireReason;
}

export interface EditorNetworkSettings {
  /** http.proxySupport */
  proxySupport: string | undefined;
  /** http.proxyAuthorization (whether one is set; its value is not needed here) */
  proxyAuthorization: boolean;
  /** The process environment, for NODE_TLS_REJECT_UNAUTHORIZED. */
  env?: NodeJS.ProcessEnv;
}

export function chooseWire(settings: EditorNetworkSettings): WireChoice {
  if (settings.proxySupport === 'off') return { kind: 'undici', reason: 'proxy-support-off' };
  if (settings.proxyAuthorization) return { kind: 'undici', reason: 'proxy-authorization' };
  if ((settings.env ?? process.env).NODE_TLS_REJECT_UNAUTHORIZED === '0') {
    return { kind: 'undici', reason: 'verification-off-in-environment' };
  }
  return { kind: 'node', reason: 'editor' };
}

/** For the log, in English like every log line. */
export function describeWireChoice(choice: WireChoice): string {
  switch (choice.reason) {
    case 'editor':
      return "VS Code's network stack (its proxy settings, PAC files, the OS proxy and certificates)";
    case 'proxy-support-off':
      return "the extension's own HTTP client, because http.proxySupport is off";
    case 'proxy-authorization':
      return "the extension's own HTTP client, because http.proxyAuthorization is set (VS Code does not send it)";
    case 'verification-off-in-environment':
      return "the extension's own HTTP client, because NODE_TLS_REJECT_UNAUTHORIZED=0 would keep VS Code's network stack from verifying an https:// proxy";
  }
}
