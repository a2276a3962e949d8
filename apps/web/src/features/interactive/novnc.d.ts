// @novnc/novnc ships no types: the part of its RFB client this feature uses (docs/API.md).
declare module '@novnc/novnc' {
  export default class RFB extends EventTarget {
    constructor(target: HTMLElement, url: string, options?: { credentials?: { password?: string }; shared?: boolean });
    scaleViewport: boolean;
    resizeSession: boolean;
    disconnect(): void;
  }
}
