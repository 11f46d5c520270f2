/** What other parts of the app may place from the back office. */
/** The /user-profile Users tab for staff. */
export { UsersTab } from './components/users-tab';
