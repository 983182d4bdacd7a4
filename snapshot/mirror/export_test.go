package mirror

// ReadAllToward is readAllToward, for the tests.
var ReadAllToward = readAllToward
