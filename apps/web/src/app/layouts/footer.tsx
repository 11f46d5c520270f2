import { Link } from 'react-router';
import { DEFAULT_RISK_NOTICE } from '../../content/site';

export function Footer() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div className="md:col-span-2">
          <p className="text-lg font-bold">Vaultline</p>
          <p className="mt-2 max-w-md text-sm text-slate-600 dark:text-slate-400">
            Fixed-term investment plans with the rate, the term and every fee shown before you commit.
          </p>
        </div>
        <nav aria-label="Company">
          <p className="text-sm font-semibold">Company</p>
          <ul className="mt-3 space-y-2 text-sm text-slate-600 dark:text-slate-400">
            <li><Link to="/our-story" className="hover:underline">Our story</Link></li>
            <li><Link to="/how-it-works" className="hover:underline">How it works</Link></li>
            <li><Link to="/Hierarchy" className="hover:underline">Achievement levels</Link></li>
            <li><Link to="/support" className="hover:underline">Help center</Link></li>
          </ul>
        </nav>
        <nav aria-label="Legal">
          <p className="text-sm font-semibold">Legal</p>
          <ul className="mt-3 space-y-2 text-sm text-slate-600 dark:text-slate-400">
            <li><Link to="/privacy-policy" className="hover:underline">Privacy policy</Link></li>
            <li><Link to="/license" className="hover:underline">License</Link></li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs leading-relaxed text-slate-500 sm:px-6 dark:text-slate-400" data-testid="risk-notice">
          <strong className="font-semibold">Risk notice:</strong> {DEFAULT_RISK_NOTICE}
        </p>
      </div>
    </footer>
  );
}
