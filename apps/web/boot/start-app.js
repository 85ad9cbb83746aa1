// Starts the app's module script (index.html names it in the modulepreload link #app-entry) once the
// plain shell of index.html has painted. The module downloads from the start either way; what waits
// is its evaluation, a long task on a slow phone, which would otherwise keep even the shell off the
// screen when the scripts arrive quickly. A hidden tab draws no frames, so a timer starts it there.
(() => {
  var entry = document.getElementById('app-entry');
  if (!entry) return;
  var isStarted = false;
  function start() {
    if (isStarted) return;
    isStarted = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = 'anonymous';
    script.src = entry.getAttribute('href');
    document.body.appendChild(script);
  }
  requestAnimationFrame(() => {
    setTimeout(start, 0);
  });
  setTimeout(start, 100);
})();
