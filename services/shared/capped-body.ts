// Reading a provider's answer without trusting its size: a declared length over the cap, or a
// body that grows past it while read, ends the read (the rest is not downloaded).

/** The body's bytes, or 'too_large' when it is over `maxBytes` (declared or as read). Stream errors propagate. */
export async function readCappedBody(res: Response, maxBytes: number): Promise<Buffer<ArrayBuffer> | 'too_large'> {
  if (Number(res.headers.get('content-length') ?? '0') > maxBytes) {
    await res.body?.cancel().catch(() => {});
    return 'too_large';
  }
  const reader = res.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (reader)
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        return 'too_large';
      }
      chunks.push(value);
    }
  return Buffer.concat(chunks);
}
