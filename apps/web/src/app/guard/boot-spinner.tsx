import { SiteMark } from '../../components/site-mark.tsx';

/**
 * A kit-free spinner under the app's logo, shown while a UI kit chunk loads. index.html holds the
 * same markup, so the page shows it before any JavaScript has run and the first render swaps it
 * for itself without a flash.
 */
export function BootSpinner() {
  return (
    <div className="boot-spinner" role="progressbar" aria-busy="true">
      <SiteMark size={40} />
      <span />
    </div>
  );
}
