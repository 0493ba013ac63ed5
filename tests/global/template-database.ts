import { prepareTemplateDatabase } from '../helpers/database';

/** Migrates one template database for the run; each test file copies it (tests/helpers/database.ts). */
export default async function setup() {
  return prepareTemplateDatabase();
}
