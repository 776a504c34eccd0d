import { useSearchParams } from 'react-router';
import RegisterPage from '../features/auth/routes/register-page';
import ProviderRegisterPage from '../features/provider/routes/provider-register-page';

/** /register: patients by default; ?as=provider is the doctors' and dentists' wizard (docs/providers-onboarding.md). */
export default function RegisterScreen() {
  const [params] = useSearchParams();
  return params.get('as') === 'provider' ? <ProviderRegisterPage /> : <RegisterPage />;
}
