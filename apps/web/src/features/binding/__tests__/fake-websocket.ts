/** A WebSocket stand-in the test drives: what the server would answer, or how the connection ends. */
export type Script = { reply: string } | { refuse: true } | { dropAfterOpen: true };

export function fakeWebSocket(script: Script) {
  const sent: string[] = [];
  const urls: string[] = [];
  class FakeWebSocket {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    readyState = 0;
    onopen: (() => void) | null = null;
    onmessage: ((event: { data: string }) => void) | null = null;
    onerror: (() => void) | null = null;
    onclose: (() => void) | null = null;
    constructor(url: string) {
      urls.push(url);
      setTimeout(() => {
        if ('refuse' in script) {
          this.readyState = 3;
          this.onerror?.();
          this.onclose?.();
          return;
        }
        this.readyState = 1;
        this.onopen?.();
      }, 0);
    }
    send(data: string) {
      sent.push(data);
      setTimeout(() => {
        if ('reply' in script) this.onmessage?.({ data: script.reply });
        else this.close();
      }, 0);
    }
    close() {
      if (this.readyState === 3) return;
      this.readyState = 3;
      this.onclose?.();
    }
  }
  return { WebSocketImpl: FakeWebSocket as unknown as typeof WebSocket, sent, urls };
}
