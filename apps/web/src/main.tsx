import './styles.css';
import { countViewWhileWaiting, takeOverOnIntent, waitsForVisitor } from './lib/take-over-on-intent';
import { yieldToBrowser } from './lib/yield-to-browser';

/**
 * The entry chunk: the page the server painted shows before the app's code is evaluated (issue 17). Evaluating the
 * app is the longest task of a first visit; started after the browser has had a frame to paint, it no longer holds
 * back the first paint. A page the server did not paint (the back office, members' pages) starts at once.
 */
const root = document.getElementById('root');

/**
 * On a painted page the app's code is evaluated in two tasks instead of one (issue 17, total blocking time on a slow
 * phone): React DOM, the largest library, then the app. Modules are evaluated once, so the app's import of React
 * DOM finds it ready. (Evaluating the router, the query cache and the texts apart as well was measured: importing them
 * whole defeats tree-shaking, +20 KB gzip.) A page with nothing painted loads it all at once.
 */
async function evaluateApp(stepwise: boolean) {
  if (stepwise) {
    await import('react-dom/client');
    await yieldToBrowser();
  }
  return import('./start');
}

if (root) {
  const painted = !!root.firstElementChild;
  if (waitsForVisitor(root)) {
    // A visitor on a phone: the painted page is theirs to read; the app comes when they start using it.
    takeOverOnIntent(() => evaluateApp(true).then((app) => app.start(root)));
    countViewWhileWaiting(root);
  } else {
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      void evaluateApp(painted).then((app) => app.start(root));
    };
    if (painted) {
      requestAnimationFrame(() => setTimeout(start, 0));
      // A hidden tab runs no animation frames.
      setTimeout(start, 250);
    } else {
      start();
    }
  }
}
