export default function AdminSuperUsersPage() {
  return (
    <section className="page">
      <h1>Admin super users</h1>
    </section>
  );
}
