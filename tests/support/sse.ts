// Reads a server-sent event stream from fetch: every event's id, name and parsed data.
export type SseEvent = { id: string | undefined; event: string; data: any };

export async function* sseEvents(res: Response): AsyncGenerator<SseEvent> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      for (let cut = buffer.indexOf('\n\n'); cut !== -1; cut = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const fields: Record<string, string> = {};
        for (const line of block.split('\n')) {
          if (!line || line.startsWith(':')) continue;
          const i = line.indexOf(':');
          fields[line.slice(0, i)] = line.slice(i + 1).replace(/^ /, '');
        }
        if (fields.data !== undefined) yield { id: fields.id, event: fields.event ?? 'message', data: JSON.parse(fields.data) };
      }
    }
  } finally {
    reader.releaseLock();
    await res.body!.cancel().catch(() => {});
  }
}

/** All events until the stream ends (bounded by the test's timeout). */
export async function collect(res: Response) {
  const out: SseEvent[] = [];
  for await (const e of sseEvents(res)) out.push(e);
  return out;
}
