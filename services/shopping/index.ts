// What other domains and services/app may use of shopping: each part's public surface.
export * from './catalogue/index.js';
