import { useEffect, useMemo } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { Circle, MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import styles from '../search.module.css';

export interface MapPoint {
  id: string;
  name: string;
  subtitle?: string | null;
  hospital_name: string;
  hospital_location?: string;
  latitude: number;
  longitude: number;
  distance?: number;
}

const icon = L.divIcon({ className: styles.pin, html: '<span></span>', iconSize: [22, 22], iconAnchor: [11, 22], popupAnchor: [0, -20] });
const MILE = 1609.344;
/** Room around the outermost pins, in pixels, so none sits on the edge or under a control. */
const FIT_PADDING: L.PointExpression = [36, 36];
const MAX_FIT_ZOOM = 15;

/**
 * Keeps every pin (and the radius circle) in view: fits on first render, when the points change and whenever the
 * container changes size (a phone turned round, the side column appearing at 960 px). MapContainer's own `bounds`
 * prop is ignored when `center` and `zoom` are given, and is only read once.
 */
function FitToBounds({ bounds }: { bounds: L.LatLngBounds }) {
  const map = useMap();
  useEffect(() => {
    const fit = () => map.fitBounds(bounds, { padding: FIT_PADDING, maxZoom: MAX_FIT_ZOOM, animate: false });
    fit();
    const container = map.getContainer();
    if (typeof ResizeObserver === 'undefined') return;
    let last = `${container.clientWidth}x${container.clientHeight}`;
    const observer = new ResizeObserver(() => {
      const size = `${container.clientWidth}x${container.clientHeight}`;
      if (size === last) return;
      last = size;
      map.invalidateSize({ animate: false });
      fit();
    });
    observer.observe(container);
    return () => observer.disconnect();
  }, [map, bounds]);
  return null;
}

/** Leaflet map; tiles come from config. If tiles cannot load, markers and popups still work on a plain background. */
export function ResultsMap({
  points,
  center,
  radiusMiles,
  tileUrl,
  attribution,
  region,
  height = 480,
  label,
  linkToProfile = true,
}: {
  points: MapPoint[];
  center: { latitude: number; longitude: number };
  radiusMiles?: number;
  tileUrl?: string;
  attribution?: string;
  region: string;
  height?: number;
  label: string;
  linkToProfile?: boolean;
}) {
  // Keyed by value: callers build `points` afresh on every render, and a refit must not undo the patient's own pan.
  const shape = `${center.latitude},${center.longitude}|${radiusMiles ?? ''}|${points.map((p) => `${p.latitude},${p.longitude}`).join(';')}`;
  const bounds = useMemo(() => {
    const all = points.map((p) => [p.latitude, p.longitude] as [number, number]);
    if (radiusMiles) {
      const c = L.latLng(center.latitude, center.longitude).toBounds(radiusMiles * MILE * 2);
      all.push([c.getSouth(), c.getWest()], [c.getNorth(), c.getEast()]);
    }
    return all.length ? L.latLngBounds(all) : undefined;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `shape` is the value of points, center and radius
  }, [shape]);
  return (
    <div className={styles.mapWrap} style={{ height }} role="region" aria-label={label}>
      <MapContainer
        center={[center.latitude, center.longitude]}
        zoom={12}
        scrollWheelZoom={false}
        style={{ height: '100%', width: '100%' }}
      >
        {bounds && <FitToBounds bounds={bounds} />}
        {tileUrl && <TileLayer url={tileUrl} attribution={attribution} />}
        {radiusMiles && (
          <Circle
            center={[center.latitude, center.longitude]}
            radius={radiusMiles * MILE}
            pathOptions={{ color: '#0b5cad', weight: 1, fillOpacity: 0.04 }}
          />
        )}
        {points.map((p) => (
          <Marker
            key={`${p.id}-${p.hospital_name}`}
            position={[p.latitude, p.longitude]}
            icon={icon}
            title={`${p.name}, ${p.hospital_name}`}
            alt={p.name}
          >
            <Popup>
              <strong>{p.name}</strong>
              {p.subtitle && <div>{p.subtitle}</div>}
              <div>{p.hospital_name}</div>
              {p.distance !== undefined && <div>{p.distance.toFixed(1)} miles away</div>}
              {linkToProfile && <Link to={`${paths.doctorProfile(p.id, p.distance ?? 0)}?region=${region}`}>View profile</Link>}
            </Popup>
          </Marker>
        ))}
      </MapContainer>
    </div>
  );
}
