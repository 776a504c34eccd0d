import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { RIDE_HAILING_FLAG } from '@careslot/contracts/booking';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

interface RideState {
  [RIDE_HAILING_FLAG]?: boolean;
  hospital?: { name: string; address: string; latitude: number; longitude: number } | null;
}

/** Uber's universal link: opens the app (or m.uber.com) with the hospital as drop-off. */
export function rideDeepLink(h: { name: string; address: string; latitude: number; longitude: number }): string {
  const q = new URLSearchParams({
    action: 'setPickup',
    pickup: 'my_location',
    'dropoff[latitude]': String(h.latitude),
    'dropoff[longitude]': String(h.longitude),
    'dropoff[nickname]': h.name,
    'dropoff[formatted_address]': h.address,
  });
  return `https://m.uber.com/ul/?${q}`;
}

export function directionsLink(h: { latitude: number; longitude: number }): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${h.latitude},${h.longitude}`;
}

/**
 * After a booking (SPEC §2): offers a ride to the hospital. Shown when the checkout navigated here with
 * the ride-hailing flag and the hospital in router state; dismissing it clears the flag from the URL.
 */
export function RideHailingModal() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? null) as RideState | null;
  const flagged = new URLSearchParams(location.search).get(RIDE_HAILING_FLAG) === '1' || state?.[RIDE_HAILING_FLAG] === true;
  const hospital = state?.hospital ?? null;
  const [open, setOpen] = useState(flagged && !!hospital);

  function dismiss() {
    setOpen(false);
    const params = new URLSearchParams(location.search);
    params.delete(RIDE_HAILING_FLAG);
    const qs = params.toString();
    navigate(`${location.pathname}${qs ? `?${qs}` : ''}`, { replace: true, state: null });
  }

  if (!hospital) return null;
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && dismiss()}
      title="Need a ride to your appointment?"
      description={
        <>
          Your booking is confirmed. Book a ride to <strong>{hospital.name}</strong>, {hospital.address}.
        </>
      }
      footer={
        <>
          <Button variant="secondary" onClick={dismiss}>
            No thanks
          </Button>
          <a className="button" href={rideDeepLink(hospital)} target="_blank" rel="noopener noreferrer" onClick={dismiss}>
            Book a ride
          </a>
        </>
      }
    >
      <p>
        Prefer to go on your own?{' '}
        <a href={directionsLink(hospital)} target="_blank" rel="noopener noreferrer">
          Get directions
        </a>
        .
      </p>
    </Dialog>
  );
}
