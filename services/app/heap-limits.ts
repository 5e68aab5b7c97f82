// Imported first by the server's entry (main.ts). V8 counts the memory outside its heap (Buffers:
// uploads, the binary parameters of the passages' statements, which node-postgres copies again
// as it builds each message) against the heap's own growing limit, instead of starting a full
// collection every time 64 MB more of it has been allocated. With V8's default, indexing a batch
// of ten 5 MB CSVs ran some 14 full collections, each started by that rule, and the server spent
// 4.0-4.3 s of CPU on the batch against 2.0-2.2 s with this (runs of three, same machine). On the
// files A/B bench (issue 31, medians of 5) the batch took 10,114 ms against 11,000 ms. The price
// is memory held until the next collection: the server's peak resident size on that bench,
// 1,023 MB against 583 MB.
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--external-memory-accounted-in-global-limit');
