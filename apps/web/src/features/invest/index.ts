/** What the app shell (dashboard) may place from the invest feature. */
export { ActiveInvestments } from './components/active-investments';
