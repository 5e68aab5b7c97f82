// Security headers for every answer (helmet): a Content-Security-Policy that runs no inline script
// and lets only this app frame its pages, X-Frame-Options, nosniff, a referrer policy, and HSTS
// when the app is served over https. The API docs page is a single built file whose scripts are
// inline: it gets its own policy allowing exactly those scripts by hash, so the app's stays strict.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { Config } from '../shared/config.js';
import { ownPickerOrigins } from '../shared/connector-picker-config.js';

export type SecurityHeadersConfig = Pick<Config, 'publicUrl' | 's3' | 'webDist'> & {
  billing?: Pick<Config['billing'], 'stripe'>;
  connectors?: Pick<Config['connectors'], 'ownPickers'>;
  places?: Pick<Config['places'], 'tiles'>;
};

/**
 * Stripe.js and its checkout elements (express wallets, payment and address elements), allowed only
 * while billing is on: the origins Stripe's security guide lists for them (the address element's
 * autocomplete uses Google Maps; 3D Secure frames come from hooks.stripe.com).
 */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://maps.googleapis.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://checkout.stripe.com'],
  connect: ['https://api.stripe.com', 'https://maps.googleapis.com'],
};

export const DOCS_PATH = '/api/docs';

/** Where browsers may send uploads and fetch files from besides the app: the S3 endpoint, path or bucket-host style. */
export function storageOrigins(s3: SecurityHeadersConfig['s3']): string[] {
  if (!s3) return [];
  const endpoint = new URL(s3.endpoint);
  return [...new Set([endpoint.origin, `${endpoint.protocol}//${s3.bucket}.${endpoint.host}`])];
}

/** Where the map's tiles come from (MAP_TILE_URL): its origin, `{s}` subdomains as a wildcard. */
export function tileOrigins(tiles: NonNullable<Config['places']['tiles']> | null | undefined): string[] {
  if (!tiles) return [];
  const m = /^(https?):\/\/([^/?#]+)/i.exec(tiles.urlTemplate);
  if (!m) return [];
  const host = m[2]!.replace(/\{s\}/g, '*').replace(/\{[^}]*\}/g, '*');
  return [`${m[1]!.toLowerCase()}://${host}`];
}

function appPolicy(config: SecurityHeadersConfig) {
  const https = config.publicUrl.startsWith('https://');
  const storage = storageOrigins(config.s3);
  const stripe = config.billing?.stripe ? STRIPE : { script: [], frame: [], connect: [] };
  // The providers' own pickers the administrator configured (issue 32): their scripts, frames and APIs.
  const pickers = config.connectors ? ownPickerOrigins(config.connectors.ownPickers) : { script: [], style: [], frame: [], connect: [] };
  const frames = [...stripe.frame, ...pickers.frame];
  return {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'base-uri': ["'self'"],
      'script-src': ["'self'", ...stripe.script, ...pickers.script],
      'script-src-attr': ["'none'"],
      ...(frames.length ? { 'frame-src': ["'self'", ...frames] } : {}),
      // React and Radix set style attributes.
      'style-src': ["'self'", "'unsafe-inline'", ...pickers.style],
      // Article media may name images on the web; uploads and downloads may live in S3.
      // The map's tiles may come from a tile server on plain http (MAP_TILE_URL).
      'img-src': ["'self'", 'data:', 'blob:', 'https:', ...storage, ...tileOrigins(config.places?.tiles)],
      'media-src': ["'self'", 'blob:', ...storage],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'", ...storage, ...stripe.connect, ...pickers.connect],
      'object-src': ["'none'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'self'"],
      ...(https ? { 'upgrade-insecure-requests': [] } : {}),
    },
  };
}

/** The docs page's policy: its own inline scripts by hash, nothing from elsewhere. */
export function docsPolicy(scriptHashes: string[]) {
  return {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'base-uri': ["'self'"],
      'script-src': ["'self'", ...scriptHashes.map((h) => `'${h}'`)],
      'script-src-attr': ["'none'"],
      // Redoc's styled components write style elements at run time.
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'object-src': ["'none'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'self'"],
    },
  };
}

/** `sha256-...` of each inline script of an HTML page, as CSP names them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(m[1]!)) continue;
    hashes.add(`sha256-${createHash('sha256').update(m[2]!, 'utf8').digest('base64')}`);
  }
  return [...hashes];
}

/** The docs file's script hashes, read again only when the file changes (a rebuild). */
function docsHashes(file: string) {
  let seen: { key: string; hashes: string[] } | null = null;
  return () => {
    let key: string;
    try {
      const s = statSync(file);
      key = `${s.mtimeMs}:${s.size}`;
    } catch {
      return [];
    }
    if (seen?.key !== key) seen = { key, hashes: inlineScriptHashes(readFileSync(file, 'utf8')) };
    return seen.hashes;
  };
}

const common = (https: boolean) => ({
  xFrameOptions: { action: 'sameorigin' as const },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  strictTransportSecurity: https ? { maxAge: 365 * 24 * 3600, includeSubDomains: false } : false,
  // Downloads open in new tabs and popups (sign-in providers) must keep their opener.
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-origin' as const },
});

export function securityHeaders(config: SecurityHeadersConfig): RequestHandler {
  const https = config.publicUrl.startsWith('https://');
  const app = helmet({ ...common(https), contentSecurityPolicy: appPolicy(config) });
  // The local bucket sets its own policy on the files it serves (a sandbox; none for PDFs, which
  // browsers would otherwise refuse to show).
  // Its signed addresses may be opened from another name of this server (127.0.0.1 for localhost).
  const storage = helmet({ ...common(https), contentSecurityPolicy: false, crossOriginResourcePolicy: false });
  const hashes = docsHashes(join(config.webDist, '..', 'api-docs.html'));
  return (req, res, next) => {
    // Express routes /api/docs/ to the docs page too.
    if (req.path.replace(/\/+$/, '') === DOCS_PATH) return helmet({ ...common(https), contentSecurityPolicy: docsPolicy(hashes()) })(req, res, next);
    if (req.path.startsWith('/storage/')) return storage(req, res, next);
    return app(req, res, next);
  };
}
