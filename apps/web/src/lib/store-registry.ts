import { combineSlices, createDynamicMiddleware } from '@reduxjs/toolkit';

/**
 * The root reducer and middleware accept additions after start, so code that only some
 * pages need (RTK Query and its endpoints) loads with those pages, not on the first visit.
 */
export const rootReducer = combineSlices({});
export const dynamicMiddleware = createDynamicMiddleware();
