// The player: the one state machine that decides what a button press does to the search,
// the screen it tells, the control bar and the keys that drive it, and the link (permalink,
// address bar) that records where it stands. Other folders use only these names:
//   Player, SPEEDS, DEFAULT_SPEED, PLAYING, DONE          the player and its states
//   Controls, installHelp, installShortcuts, installPartShortcuts, holdSpaceWhileLoading, COMPARE_SHORTCUTS
//   readPermalink, writePermalink, readComparePermalink, writeComparePermalink,
//   namesCompare, namesExercise, namesClass, clip, address, rewriteAddress, dropLinkAnswer, dropTeacherKey
//   Screen                                               the player's screen made of parts

export { Player, SPEEDS, DEFAULT_SPEED, PLAYING, DONE } from './player.js';
export { Controls } from './controls.js';
export { installHelp } from './help.js';
export { installShortcuts, installPartShortcuts, holdSpaceWhileLoading, COMPARE_SHORTCUTS } from './keyboard.js';
export {
  readPermalink, writePermalink, readComparePermalink, writeComparePermalink, namesCompare, namesExercise, namesClass, clip,
} from './permalink.js';
export { address, rewriteAddress, dropLinkAnswer, dropTeacherKey } from './address-bar.js';
export { Screen } from './screen.js';
