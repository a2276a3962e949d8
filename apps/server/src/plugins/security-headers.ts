import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';

/**
 * The SPA's Content-Security-Policy: no inline or foreign script at all (Vite's build emits module
 * files only; the e2e walk asserts no violation). Styles allow 'unsafe-inline' because antd's
 * CSS-in-JS inserts <style> elements at run time and ECharts and antd set style attributes; a nonce
 * would cover the elements but not the attributes, and style injection cannot run script.
 * Images: avatars and previews arrive as data: and blob: URLs. connect-src 'self' covers same-origin
 * fetches and the web shell's and binding's WebSockets (CSP 3 'self' matches ws:/wss: of this host);
 * workers (Vite's bundled ones) are same-origin or blob:. Frames: PDF previews are blob: URLs, and the
 * origins of STARLIGHT_FRAME_SOURCES (default WeChat's QR sign-in page) — never any https origin: the
 * monitoring dashboard, interactive sessions and docs open in their own tabs. Nothing may frame the console.
 * Opener and resource policies are left alone: SSO sites open the consent page and may show our avatars.
 */
export function contentSecurityPolicy(frameSources: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    ["frame-src 'self' blob:", ...frameSources].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** On every response, including the ones the OpenID provider writes itself on the raw socket. */
const everywhere: Readonly<Record<string, string>> = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

/**
 * Headers every response carries. The CSP goes on what Fastify sends (SPA, API, our consent page is
 * the SPA); oidc-provider's own pages (hijacked, written on the raw response) keep the provider's
 * rules, since its form_post page submits itself with an inline script. No path is exempt: the interactive
 * sessions' apps (Jupyter's inline scripts) are served by their own origin (modules/interactive), never here.
 * `connectSources` adds origins the console's pages may open connections to (the session origin, where the
 * desktop's noVNC opens its websocket).
 */
export const securityHeadersPlugin = fp<{ frameSources: readonly string[]; connectSources?: (request: FastifyRequest) => string[] }>(
  async (app, { frameSources, connectSources }) => {
    const policy = contentSecurityPolicy(frameSources);
    app.addHook('onRequest', async (request, reply) => {
      for (const [name, value] of Object.entries(everywhere)) reply.raw.setHeader(name, value);
      const extra = connectSources?.(request) ?? [];
      reply.header('content-security-policy', extra.length === 0 ? policy : policy.replace("connect-src 'self'", `connect-src 'self' ${extra.join(' ')}`));
    });
  },
  { name: 'starlight-security-headers' },
);
