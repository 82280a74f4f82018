// Make a lesson: the panel where a teacher turns what the page shows into a lesson file, and
// opens lesson files (picked, or dropped anywhere on the page). Loaded on demand (main.js):
// opening the panel, or dropping a file, fetches the folder. Other folders use only this name:
//   LessonMaker

export { LessonMaker } from './lesson-maker.js';
