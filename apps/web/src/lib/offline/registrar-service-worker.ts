// Registers dist/sw.js (built app only): after one online visit the app shell and its assets come from the
// cache, so a reload without the server still opens the POS (issue 5 point 8).
export function registrarServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
}
