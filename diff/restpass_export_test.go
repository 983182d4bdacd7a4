package diff

// SetRestPassHook sets the hook resolve's last pass calls with the steps
// it spent past maxScored candidates (nil: none).
func SetRestPassHook(f func(steps int)) { restPassHook = f }

// SetRefusedHook sets the hook called for each class whose pairing by
// edges apply refused (nil: none).
func SetRefusedHook(f func()) { refusedHook = f }
