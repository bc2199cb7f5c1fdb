"""ROUGE-1.5.5.pl's numbers without Perl: its flags, reading, stemming, counting, bootstrap and report."""
