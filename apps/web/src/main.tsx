import './styles.css';

/**
 * The entry chunk: the page the server painted shows before the app's code is evaluated (issue 17). Evaluating the
 * app is the longest task of a first visit; started after the browser has had a frame to paint, it no longer holds
 * back the first paint. A page the server did not paint (the back office, members' pages) starts at once.
 */
const root = document.getElementById('root');
if (root) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void import('./start').then((app) => app.start(root));
  };
  if (root.firstElementChild) {
    requestAnimationFrame(() => setTimeout(start, 0));
    // A hidden tab runs no animation frames.
    setTimeout(start, 250);
  } else {
    start();
  }
}
