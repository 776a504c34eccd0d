/**
 * What the screens around a booking hand to each other in the URL and in router state (docs/booking.md, "The
 * patient's journey"): the doctor profile opens the checkout with the doctor and booking details, and a paid checkout
 * opens the profile page with the offer of a ride to the hospital. Both sides read the shapes defined here.
 */
import type { Region } from '@careslot/contracts/money';
import type { ProviderDetails, ProviderSlot } from '@careslot/contracts/providers';
import type { HospitalDetail } from '@careslot/contracts/search';
import { paths } from './paths';

/** The booking details: the chosen slot, the distance shown on the profile and the two fees. */
export type BookingDetails = Pick<ProviderSlot, 'date' | 'time' | 'end_time' | 'consultationTime'> &
  Pick<ProviderDetails, 'amount' | 'follow_amount'> & { distance: string };

/** The doctor details: the provider's public fields, with the slot's hospital first in `hospital_details`. */
export type DoctorDetails = Pick<
  ProviderDetails,
  '_id' | 'name' | 'first_name' | 'last_name' | 'profile_image' | 'speciality' | 'qualifications' | 'registed_with' | 'hospital_details'
>;

export interface CheckoutHandoff {
  bookingDetails: BookingDetails;
  doctorDetails: DoctorDetails;
}

/**
 * Where "Book this time" goes. The slot is in the URL too, so a sign-in redirect or a reload comes back to it; the
 * router state adds what the profile already knows.
 */
export function checkoutLink(doctor: ProviderDetails, slot: ProviderSlot, region: Region, distance: string) {
  const slotHospital = doctor.hospital_details.filter((h) => h.hospital_id === slot.hospital.hospital_id);
  const otherHospitals = doctor.hospital_details.filter((h) => h.hospital_id !== slot.hospital.hospital_id);
  const state: CheckoutHandoff = {
    bookingDetails: {
      date: slot.date,
      time: slot.time,
      end_time: slot.end_time,
      consultationTime: slot.consultationTime,
      distance,
      amount: doctor.amount,
      follow_amount: doctor.follow_amount,
    },
    doctorDetails: {
      _id: doctor._id,
      name: doctor.name,
      first_name: doctor.first_name,
      last_name: doctor.last_name,
      profile_image: doctor.profile_image,
      speciality: doctor.speciality,
      qualifications: doctor.qualifications,
      registed_with: doctor.registed_with,
      hospital_details: [...slotHospital, ...otherHospitals],
    },
  };
  const query = new URLSearchParams({ region, date: slot.date, time: slot.time, distance });
  return { to: `${paths.appointment(doctor._id)}?${query}`, state };
}

/** Router state outlives a reload but may come from an older version of the app: read it defensively. */
export function readCheckoutHandoff(state: unknown): { bookingDetails?: Partial<BookingDetails>; doctorDetails?: Partial<DoctorDetails> } {
  return (state ?? {}) as { bookingDetails?: Partial<BookingDetails>; doctorDetails?: Partial<DoctorDetails> };
}

/** The flag (query and router state) that makes the profile page offer a ride after a booking. */
export const RIDE_OFFER_FLAG = 'showRideModal';

/** Where the ride goes: the booked slot's hospital. */
export type RideDestination = Pick<HospitalDetail, 'hospital_name' | 'hospital_location' | 'latitude' | 'longitude'>;

interface RideOfferState {
  [RIDE_OFFER_FLAG]?: boolean;
  hospital?: RideDestination | null;
}

/** The profile page after a paid booking, offering a ride to the hospital. */
export function rideOfferLink(hospital: RideDestination | undefined) {
  const state: RideOfferState = {
    [RIDE_OFFER_FLAG]: true,
    hospital: hospital
      ? {
          hospital_name: hospital.hospital_name,
          hospital_location: hospital.hospital_location,
          latitude: hospital.latitude,
          longitude: hospital.longitude,
        }
      : null,
  };
  return { to: `${paths.userProfile}?${RIDE_OFFER_FLAG}=1`, state };
}

/** The ride offer on this location, if any, and the same location without it (to dismiss it). */
export function readRideOffer(location: { pathname: string; search: string; state: unknown }) {
  const state = (location.state ?? null) as RideOfferState | null;
  const params = new URLSearchParams(location.search);
  const flagged = params.get(RIDE_OFFER_FLAG) === '1' || state?.[RIDE_OFFER_FLAG] === true;
  params.delete(RIDE_OFFER_FLAG);
  const rest = params.toString();
  return { flagged, hospital: state?.hospital ?? null, withoutOffer: `${location.pathname}${rest ? `?${rest}` : ''}` };
}
