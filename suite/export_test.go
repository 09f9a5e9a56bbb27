package suite

import "time"

// SetVerifyBudget sets the budget of each search of Verify, for a test,
// and returns a function that restores it.
func SetVerifyBudget(d time.Duration) (restore func()) {
	old := verifyBudget
	verifyBudget = d
	return func() { verifyBudget = old }
}
