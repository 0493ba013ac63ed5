import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest (15–45 s each on two busy cores in CI), by project and path, longest
 * first. Vitest otherwise orders files by project name, so the security project's fuzzing started last
 * and ran alone for two minutes at the end of the run, and the unit project's corpus-wide guard tests
 * (10–17 s) ended it.
 */
const LONGEST = [
  'api tests/api/round-trips.test.ts',
  'security tests/security/fuzz.test.ts',
  'security tests/security/authorization-matrix.test.ts',
  'api tests/api/replicas.test.ts',
  'unit tests/unit/guard.test.ts',
  'db-sqld tests/db/jam-list.test.ts',
  'api tests/api/theme-rounds.test.ts',
  'security tests/security/error-statuses.test.ts',
  'unit tests/unit/anchored-patterns.test.ts',
  'api tests/api/page-cache.test.ts',
  'security tests/security/csrf.test.ts',
  'unit tests/unit/guard-rates.test.ts',
  'security tests/security/crash-safety.test.ts',
  'security tests/security/operations.test.ts',
  'api tests/api/start.test.ts',
  'api tests/api/shell.test.ts',
];

/** Starts the longest files first, whatever their project; the rest in vitest's own order. */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = LONGEST.findIndex((key) => {
        const [project, path] = key.split(' ');
        return spec.project.name === project && spec.moduleId.endsWith(`/${path}`);
      });
      return index === -1 ? LONGEST.length : index;
    };
    return ordered
      .map((spec, position) => ({ spec, position }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.position - b.position)
      .map(({ spec }) => spec);
  }
}
