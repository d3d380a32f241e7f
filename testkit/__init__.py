"""What the tests and the benches share: the fake Discord on 127.0.0.1 (:mod:`fakediscord`)
and the in-process bot around it (:mod:`harness`, :mod:`scenario`), real bot processes
against it (:mod:`testkit.e2e`), random play-outs (:mod:`playout`), sample positions and
boards (:mod:`positions`, :mod:`samples`), taps counted per turn (:mod:`taps`) and a fake
clock (:mod:`clock`). Not part of the installed bot: it is imported from the repository."""
