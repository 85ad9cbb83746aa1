import type { TPreviewFeature } from '@dsm/contracts';
import type { FeatureCollection } from 'geojson';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';

export type TPreviewMapProps = {
  features: readonly TPreviewFeature[];
  /** The map's accessible name. */
  label: string;
};

const STROKE = '#1864ab';
const FILL = '#4dabf7';

/**
 * GeoJSON features on a Leaflet map without a tile layer: the shapes are drawn on a plain background, so the page
 * asks no tile server (none is reachable from every deployment, and tests make no external requests). The map
 * takes keyboard focus like every Leaflet map: arrow keys pan, + and - zoom.
 */
export function PreviewMap({ features, label }: TPreviewMapProps) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    const map = L.map(container.current, { attributionControl: false, preferCanvas: true, worldCopyJump: false });
    const collection = { type: 'FeatureCollection', features } as unknown as FeatureCollection;
    const layer = L.geoJSON(collection, {
      style: { color: STROKE, weight: 2, fillColor: FILL, fillOpacity: 0.35 },
      pointToLayer: (_feature, position) =>
        L.circleMarker(position, { radius: 5, color: STROKE, weight: 1.5, fillColor: FILL, fillOpacity: 0.85 }),
    }).addTo(map);
    const bounds = layer.getBounds();
    if (bounds.isValid()) map.fitBounds(bounds, { padding: [16, 16], maxZoom: 15 });
    else map.setView([0, 0], 1);
    return () => {
      map.remove();
    };
  }, [features]);
  return (
    <div
      ref={container}
      aria-label={label}
      role="application"
      data-testid="preview-map"
      style={{
        height: '20rem',
        width: '100%',
        background: 'var(--mantine-color-gray-1)',
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 'var(--mantine-radius-sm)',
      }}
    />
  );
}
