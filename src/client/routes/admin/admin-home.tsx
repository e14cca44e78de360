/** /admin: sends admins on to the admin dashboard (the page table shows everyone else the sign-in or no-access view). */
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { AccessChecking } from './admin-access.tsx';

export default function AdminHomePage() {
  const [, navigate] = useLocation();
  useEffect(() => {
    navigate('/admin-dashboard', { replace: true });
  }, [navigate]);
  return <AccessChecking />;
}
