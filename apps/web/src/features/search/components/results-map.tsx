import { useMemo } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { Circle, MapContainer, Marker, Popup, TileLayer } from 'react-leaflet';
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
  const bounds = useMemo(() => {
    const all = points.map((p) => [p.latitude, p.longitude] as [number, number]);
    if (radiusMiles) {
      const c = L.latLng(center.latitude, center.longitude).toBounds(radiusMiles * MILE * 2);
      all.push([c.getSouth(), c.getWest()], [c.getNorth(), c.getEast()]);
    }
    return all.length ? L.latLngBounds(all).pad(0.15) : undefined;
  }, [points, center, radiusMiles]);
  return (
    <div className={styles.mapWrap} style={{ height }} role="region" aria-label={label}>
      <MapContainer
        center={[center.latitude, center.longitude]}
        zoom={12}
        bounds={bounds && points.length > 1 ? bounds : undefined}
        scrollWheelZoom={false}
        style={{ height: '100%', width: '100%' }}
      >
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
