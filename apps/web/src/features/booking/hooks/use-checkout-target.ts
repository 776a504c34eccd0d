import { useLocation, useParams, useSearchParams } from 'react-router';
import { isRegion, type Region } from '@careslot/contracts/money';
import { toTwelveHour, toTwentyFourHour } from '@careslot/contracts/time';
import { readCheckoutHandoff } from '../../../lib/booking-navigation';
import { paths } from '../../../lib/paths';
import { useSelectedRegion } from '../../../lib/region';

/** The slot's end: its start plus the consultation length, as 'h:mm AM'. */
export function endTimeOf(time: string, minutes: number): string | null {
  const t24 = toTwentyFourHour(time);
  if (!t24) return null;
  const [h, m] = t24.split(':').map(Number) as [number, number];
  const total = (h * 60 + m + minutes) % (24 * 60);
  return toTwelveHour(`${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`);
}

/** Which slot this checkout is for: the profile's router state, else the URL (a reload or a sign-in redirect). */
export function useCheckoutTarget() {
  const { doc_id: doctorId = '' } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const [selectedRegion] = useSelectedRegion();
  const handoff = readCheckoutHandoff(location.state);
  const regionParam = params.get('region');
  const region: Region = regionParam === null ? selectedRegion : isRegion(regionParam) ? regionParam : 'uk';
  const distance = String(handoff.bookingDetails?.distance ?? params.get('distance') ?? '0');
  return {
    doctorId,
    region,
    date: handoff.bookingDetails?.date ?? params.get('date') ?? '',
    time: handoff.bookingDetails?.time ?? params.get('time') ?? '',
    endTime: handoff.bookingDetails?.end_time,
    distance,
    /** The slot's hospital as the profile handed it over; the slot check (useCheckoutSlot) has the last word. */
    hospitalId: handoff.doctorDetails?.hospital_details?.[0]?.hospital_id,
    profilePath: `${paths.doctorProfile(doctorId, distance)}?region=${region}`,
  };
}
