// The server's own rules of a bug report that the form shows (services/bugreports/pure.ts).
export { BUG_REPORT_CATEGORIES, DESCRIBE_THE_BUG, isBlank } from '../../../../services/bugreports/pure';
