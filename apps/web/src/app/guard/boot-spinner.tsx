/** A kit-free spinner shown while a UI kit chunk loads. */
export function BootSpinner() {
  return (
    <div className="boot-spinner" role="progressbar" aria-busy="true">
      <span />
    </div>
  );
}
