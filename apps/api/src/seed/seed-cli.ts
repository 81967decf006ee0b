// Replaced by the demo seed.
console.log("seed not written yet");
