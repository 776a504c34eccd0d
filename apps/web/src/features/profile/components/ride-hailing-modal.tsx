import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { readRideOffer, type RideDestination } from '../../../lib/booking-navigation';

/** Uber's universal link: opens the app (or m.uber.com) with the hospital as drop-off. */
function rideDeepLink(h: RideDestination): string {
  const q = new URLSearchParams({
    action: 'setPickup',
    pickup: 'my_location',
    'dropoff[latitude]': String(h.latitude),
    'dropoff[longitude]': String(h.longitude),
    'dropoff[nickname]': h.hospital_name,
    'dropoff[formatted_address]': h.hospital_location,
  });
  return `https://m.uber.com/ul/?${q}`;
}

function directionsLink(h: Pick<RideDestination, 'latitude' | 'longitude'>): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${h.latitude},${h.longitude}`;
}

/**
 * After a booking: offers a ride to the hospital. Shown when the checkout navigated here with the ride offer
 * (lib/booking-navigation.ts); dismissing it takes the flag out of the URL.
 */
export function RideHailingModal() {
  const location = useLocation();
  const navigate = useNavigate();
  const { flagged, hospital, withoutOffer } = readRideOffer(location);
  const [open, setOpen] = useState(flagged && !!hospital);

  function dismiss() {
    setOpen(false);
    navigate(withoutOffer, { replace: true, state: null });
  }

  if (!hospital) return null;
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && dismiss()}
      title="Need a ride to your appointment?"
      description={
        <>
          Your booking is confirmed. Book a ride to <strong>{hospital.hospital_name}</strong>, {hospital.hospital_location}.
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
