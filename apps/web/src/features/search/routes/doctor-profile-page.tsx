import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { formatMoney } from '@careslot/contracts/money';
import type { ProviderSlot } from '@careslot/contracts/providers';
import { DEFAULT_RADIUS, toSearchParams } from '@careslot/contracts/search-params';
import { formatOrdinalDate } from '@careslot/contracts/time';
import { ApiError } from '../../../lib/api-client';
import { checkoutLink } from '../../../lib/booking-navigation';
import { paths } from '../../../lib/paths';
import { useProviderDetails } from '../../../lib/provider-details';
import { usePublicConfig, useProviderSlots } from '../api/search-api';
import { DoctorPhoto, NO_SPECIALITY } from '../../../components/doctor-photo/doctor-photo';
import { DayPicker } from '../../../components/day-picker/day-picker';
import { JoinWaitlist } from '../components/join-waitlist';
import { Notice } from '../components/notice';
import { ResultsMap } from '../components/lazy-results-map';
import styles from '../doctor-profile.module.css';

export default function DoctorProfilePage() {
  const { id = '', distance = '' } = useParams();
  const [params] = useSearchParams();
  const region = params.get('region') === 'usa' ? 'usa' : 'uk';
  const navigate = useNavigate();
  const details = useProviderDetails(id, region);
  const doctor = details.data?.data;
  // Asked alongside the details, not after them: one round trip fewer before the free times show (docs/performance.md).
  const slots = useProviderSlots(id, region, !!id);
  const config = usePublicConfig();
  const [chosen, setChosen] = useState<ProviderSlot | null>(null);
  const [activeDay, setActiveDay] = useState<string | null>(null);

  const days = useMemo(() => {
    const groups = new Map<string, ProviderSlot[]>();
    for (const s of slots.data?.data.slots ?? []) groups.set(s.date, [...(groups.get(s.date) ?? []), s]);
    return [...groups];
  }, [slots.data]);

  if (details.isPending)
    return (
      <section className="page" aria-busy="true">
        <div className={styles.skeleton} />
      </section>
    );
  if (details.isError || !doctor) {
    const notFound = details.error instanceof ApiError && (details.error.status === 404 || details.error.status === 400);
    return (
      <section className="page narrow">
        <h1>{notFound ? 'We could not find that provider' : 'Something went wrong'}</h1>
        <p>
          {notFound
            ? 'The profile may have moved, or the provider is not taking bookings in this region.'
            : 'Please try again in a moment.'}
        </p>
        <Link className="button" to={paths.home}>
          Start a new search
        </Link>
      </section>
    );
  }

  const freeCount = slots.data?.data.slots.filter((x) => x.available).length ?? 0;
  // Open on the first day with a free time, not on a fully booked today.
  const firstFreeDay = days.find(([, list]) => list.some((x) => x.available))?.[0];
  const firstHospital = doctor.hospital_details[0];
  const nearby =
    firstHospital && doctor.speciality_slug
      ? {
          city: firstHospital.city,
          href: `${paths.results}?${toSearchParams({ postcode: firstHospital.postcode, specialty: doctor.speciality_slug, radius: DEFAULT_RADIUS, region })}`,
        }
      : null;

  const distanceMiles = Number(distance);
  const distanceText = Number.isFinite(distanceMiles) && distanceMiles > 0 ? `${distanceMiles.toFixed(1)} miles away` : null;

  function book(slot: ProviderSlot) {
    const { to, state } = checkoutLink(doctor!, slot, region, String(distance));
    navigate(to, { state });
  }

  return (
    <section className="page">
      <div className={styles.layout}>
        <article className={styles.main}>
          <header className={styles.header}>
            <DoctorPhoto src={doctor.profile_image} alt={`Photo of ${doctor.name}`} size="large" />
            <div>
              <h1 className={styles.name}>{doctor.name}</h1>
              {doctor.qualifications.length > 0 && <p className={styles.muted}>{doctor.qualifications.join(', ')}</p>}
              <p className={styles.speciality}>{doctor.speciality || NO_SPECIALITY}</p>
              {doctor.company_name && <p className={styles.muted}>{doctor.company_name}</p>}
              {doctor.verified && (
                <p className={styles.verified}>
                  <span aria-hidden="true">✓</span> Verified with the {doctor.registed_with.professional_body_name} · No.{' '}
                  {doctor.registed_with.membership_number}
                </p>
              )}
              {distanceText && <p className={styles.muted}>{distanceText}</p>}
            </div>
          </header>

          <section aria-labelledby="fees-h" className={styles.panel}>
            <h2 id="fees-h">Fees</h2>
            <dl className={styles.fees}>
              <div>
                <dt>New patient</dt>
                <dd>{formatMoney(doctor.amount_minor, region)}</dd>
              </div>
              <div>
                <dt>Follow-up</dt>
                <dd>{formatMoney(doctor.follow_amount_minor, region)}</dd>
              </div>
              <div>
                <dt>Appointment length</dt>
                <dd>{doctor.consultationTime} minutes</dd>
              </div>
            </dl>
          </section>

          <section aria-labelledby="avail-h" className={styles.panel}>
            <h2 id="avail-h">Availability</h2>
            {!doctor.bookable && <p>This provider is not taking new bookings at the moment.</p>}
            {doctor.bookable && slots.isPending && (
              <p aria-busy="true" className={styles.slotsLoading}>
                Loading free times…
              </p>
            )}
            {doctor.bookable && slots.isError && <p role="alert">We could not load the free times. Please try again.</p>}
            {doctor.bookable && slots.data && freeCount === 0 && (
              <Notice tone="empty" title="No free times in the next 14 days" flat>
                <p>
                  {doctor.first_name}&apos;s diary is full for the next two weeks. New times are added often, so check back soon
                  {nearby ? `, or see other ${doctor.speciality ?? ''} providers near ${nearby.city}.`.replace('  ', ' ') : '.'}
                </p>
                {nearby && (
                  <Link className="button" to={nearby.href}>
                    Find other providers nearby
                  </Link>
                )}
              </Notice>
            )}
            {freeCount > 0 && <p className={styles.muted}>Times are local to the hospital. Choose a time to continue to booking.</p>}
            {freeCount > 0 && (
              <DayPicker
                days={days}
                activeDay={activeDay ?? firstFreeDay ?? days[0]![0]}
                onDay={setActiveDay}
                chosen={chosen}
                onChoose={setChosen}
              />
            )}
            {chosen && (
              <div className={styles.chosen} aria-live="polite">
                <p>
                  <strong>{formatOrdinalDate(chosen.date)}</strong>, {chosen.time} - {chosen.end_time} at {chosen.hospital.hospital_name}
                </p>
                <button type="button" className="button" onClick={() => book(chosen)}>
                  Book this time
                </button>
              </div>
            )}
            {doctor.bookable && slots.data && (
              <JoinWaitlist
                providerId={doctor._id}
                region={region}
                doctorName={doctor.name}
                timeZones={doctor.hospital_details.map((h) => h.time_zone)}
                open={freeCount === 0}
              />
            )}
          </section>

          <section aria-labelledby="about-h" className={styles.panel}>
            <h2 id="about-h">About</h2>
            <p>{doctor.about || 'No information yet.'}</p>
            {doctor.languages.length > 0 && (
              <p>
                <strong>Languages:</strong> {doctor.languages.join(', ')}
              </p>
            )}
          </section>
        </article>

        <aside className={styles.side} aria-labelledby="where-h">
          <h2 id="where-h">Where to find {doctor.first_name}</h2>
          <ul className={styles.hospitals}>
            {doctor.hospital_details.map((h) => (
              <li key={h.hospital_id}>
                <strong>{h.hospital_name}</strong>
                <span>{h.hospital_location}</span>
              </li>
            ))}
          </ul>
          {doctor.hospital_details[0] && (
            <ResultsMap
              label={`Map of ${doctor.name}'s hospitals`}
              height={260}
              linkToProfile={false}
              region={region}
              tileUrl={config.data?.mapTileUrl}
              attribution={config.data?.mapAttribution}
              center={doctor.hospital_details[0]}
              points={doctor.hospital_details.map((h) => ({
                id: doctor._id,
                name: h.hospital_name,
                hospital_name: h.hospital_location,
                latitude: h.latitude,
                longitude: h.longitude,
              }))}
            />
          )}
        </aside>
      </div>
    </section>
  );
}
