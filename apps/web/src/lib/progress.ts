import NProgress from 'nprogress';

NProgress.configure({ showSpinner: false, trickleSpeed: 150 });

/** The navigation progress bar (spec §2): started on a location change, done once the page rendered. */
export const progress = {
  start(): void {
    NProgress.start();
  },
  done(): void {
    NProgress.done();
  },
};
