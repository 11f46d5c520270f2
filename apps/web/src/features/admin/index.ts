/** What other parts of the app may place from the back office. */
/** The /user-profile Users tab for staff (with its messages). */
export { UsersTabSlot as UsersTab } from './components/users-tab-slot';
/** First on /my-account for staff: what waits for them. */
export { StaffHome } from './components/staff-home';
