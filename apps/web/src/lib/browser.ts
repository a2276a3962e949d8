/**
 * Full-page navigation, behind a function so tests can watch it (jsdom's location cannot be spied on).
 * A full load is what the spec asks for where it says "go to /login, reload".
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
