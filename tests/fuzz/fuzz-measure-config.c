/*
 * The line readers of the benchmark dispatch YAML and benchmarks/run.py:
 * the first line names a platform, the rest is read as both files.
 */
#include "classify/measure-config.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_string(data, size);
	char *nl = strchr(s, '\n');
	const char *text = nl ? nl + 1 : "";
	struct strvec inputs = STRVEC_INIT, out = STRVEC_INIT;

	if (nl)
		*nl = '\0';
	dispatch_inputs(s, &inputs);
	for (size_t i = 0; i < inputs.nr; i++)
		dispatch_default_list(text, inputs.v[i], &out);
	dispatch_default_list(text, s, &out);
	runpy_no_cudagraph(text, &out);
	strvec_clear(&out);
	strvec_clear(&inputs);
	free(s);
	return 0;
}
