import { useEffect, useId, useState } from "react";

export const zoomSteps = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

interface ViewerToolbarProps {
  page: number;
  pageCount: number;
  zoom: number;
  onPage(page: number): void;
  onZoom(zoom: number): void;
}

/** Previous/next page, a page number field and zoom out/in. */
export function ViewerToolbar({ page, pageCount, zoom, onPage, onZoom }: ViewerToolbarProps) {
  const pageId = useId();
  const [draft, setDraft] = useState(String(page));
  useEffect(() => setDraft(String(page)), [page]);

  const commit = () => {
    const wanted = Number.parseInt(draft, 10);
    if (Number.isInteger(wanted) && wanted >= 1 && wanted <= pageCount) onPage(wanted);
    else setDraft(String(page));
  };
  const zoomIndex = zoomSteps.indexOf(zoom);

  return (
    <div className="viewer-toolbar" role="toolbar" aria-label="Page and zoom">
      <button type="button" className="button" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        <span aria-hidden="true">‹</span> Previous<span className="visually-hidden"> page</span>
      </button>
      <span className="viewer-toolbar__page">
        <label htmlFor={pageId}>Page</label>
        <input
          id={pageId}
          type="number"
          inputMode="numeric"
          min={1}
          max={pageCount}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === "Enter") commit();
          }}
        />
        <span>of {pageCount}</span>
      </span>
      <button type="button" className="button" onClick={() => onPage(page + 1)} disabled={page >= pageCount}>
        Next<span className="visually-hidden"> page</span> <span aria-hidden="true">›</span>
      </button>
      <span className="viewer-toolbar__zoom">
        <button
          type="button"
          className="button"
          aria-label="Zoom out"
          disabled={zoomIndex <= 0}
          onClick={() => onZoom(zoomSteps[zoomIndex - 1] ?? zoom)}
        >
          −
        </button>
        <output aria-live="polite" aria-label="Zoom level">
          {Math.round(zoom * 100)} %
        </output>
        <button
          type="button"
          className="button"
          aria-label="Zoom in"
          disabled={zoomIndex >= zoomSteps.length - 1}
          onClick={() => onZoom(zoomSteps[zoomIndex + 1] ?? zoom)}
        >
          +
        </button>
      </span>
    </div>
  );
}
