export default function AppointmentHistoryPage() {
  return (
    <section className="page">
      <h1>Appointment history</h1>
    </section>
  );
}
