{"params":{"yoog":"me/weight","yaxis":"kg","aggday":"trimmean","goal":70,"timezone":"Europe/London"},
 "data":[["20240301",80.1,"a"],[1709366400,80.0,""],["20240302",79.9,""]]}
