// Applies the theme before first paint: the stored choice, else the system's (no flash of the wrong theme). A file,
// not an inline script: the Content-Security-Policy runs script from the site's own files only.
try {
  const theme = localStorage.getItem('wenku-theme');
  const system = matchMedia('(prefers-color-scheme: dark)').matches;
  if (theme === 'dark' || ((!theme || theme === 'system') && system)) document.documentElement.classList.add('dark');
} catch {}
