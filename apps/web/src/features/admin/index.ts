/** What other parts of the app may place from the back office. */
/** The /user-profile Users tab for staff. */
export { UsersTab } from './components/users-tab';
/** First on /my-account for staff: what waits for them. */
export { StaffHome } from './components/staff-home';
