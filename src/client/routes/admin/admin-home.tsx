/** /admin: sends admins on to the admin dashboard; everyone else sees the sign-in or no-access view. */
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { AccessChecking, AdminOnly } from './admin-access.tsx';

function ToDashboard() {
  const [, navigate] = useLocation();
  useEffect(() => {
    navigate('/admin-dashboard', { replace: true });
  }, [navigate]);
  return <AccessChecking />;
}

export default function AdminHomePage() {
  return (
    <AdminOnly minimum="moderator" returnTo="/admin">
      {() => <ToDashboard />}
    </AdminOnly>
  );
}
