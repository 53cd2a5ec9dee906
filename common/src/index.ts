export * from './constants.ts';
export * from './messages.ts';
export * from './rules/dates.ts';
export * from './rules/money.ts';
export * from './rules/text.ts';
export * from './rules/sections.ts';
export * from './rules/class-dates.ts';
