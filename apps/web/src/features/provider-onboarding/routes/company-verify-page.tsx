export default function CompanyVerifyPage() {
  return (
    <section className="page">
      <h1>Company verify</h1>
    </section>
  );
}
