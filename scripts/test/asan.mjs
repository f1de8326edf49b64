// `npm run test:asan`: the native harness built with AddressSanitizer and
// UndefinedBehaviorSanitizer (any report fails the run), then `N passed, N failed`.
import { ensureHarness, runCtest } from './native-build.mjs';

const dir = ensureHarness('build-asan', ['-DCMAKE_BUILD_TYPE=Debug', '-DSDKPP_SANITIZE=ON']);
const env = {
  ...process.env,
  ASAN_OPTIONS: 'detect_leaks=1:abort_on_error=1:strict_string_checks=1',
  UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1',
};
const { passed, failed } = runCtest(dir, env);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
