#include "tap.h"
#include "util/suggest.h"

int main(void)
{
	is_int(edit_distance("", ""), 0, "two empty names are equal");
	is_int(edit_distance("b200_cute", "b200_cute"), 0, "a name is no distance from itself");
	is_int(edit_distance("b200_cut", "b200_cute"), 1, "a dropped letter is one edit");
	is_int(edit_distance("b200_cute", "b200_cut"), 1, "so is an added one");
	is_int(edit_distance("h200", "b200"), 1, "a substitution is one edit");
	is_int(edit_distance("jsno", "json"), 1, "two swapped neighbours are one edit");
	is_int(edit_distance("", "span"), 4, "from nothing: one insertion a letter");
	is_int(edit_distance("kitten", "sitting"), 3, "the textbook pair");
	return done_testing();
}
