import { PageHeader } from '../components/bits';
import { ClinicsCard, IdentityCard, PracticeForm } from '../components/profile-sections';
import { useProviderWorkspace } from '../components/provider-context';
import ws from '../components/workspace.module.css';

/** /doctor/profile: photo, practice details and fees, clinics. */
export default function ProviderProfilePage() {
  const { who, profile } = useProviderWorkspace();
  return (
    <>
      <PageHeader title="Profile" lead="What patients see when they find you, and where you practise." />
      <div className={ws.sections}>
        <IdentityCard who={who} profile={profile} />
        <PracticeForm who={who} profile={profile} />
        <ClinicsCard who={who} profile={profile} />
      </div>
    </>
  );
}
